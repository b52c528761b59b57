#include <stdio.h> 
#include <string.h> 
#include <stdlib.h> 
  
int main(int argc, char *argv[]) 
{ 
       int i = 6;
       int s = 5;
       int x = 0;
       int y = 0;
       if(x != 0){
              return 0;
       }
       char *buffer = malloc(s);
       if(y == 0)
              buffer[i] = 'a';
       return 0; 
} 